/**
 * Domain errors thrown by services. Each carries its HTTP status and code; `errorResponse` in
 * lib/core/http/respond.ts turns one into the API's error body, and the dashboard's action
 * wrapper into form state. Services never build responses themselves.
 */
export type ErrorDetail = { path: string; message: string };

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details?: ErrorDetail[], code = "validation_error") {
    super(422, code, message, details);
  }
}

export class NotFoundError extends AppError {
  constructor(resource: string, code = "not_found") {
    super(404, code, `${resource} not found.`);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code = "conflict", details?: ErrorDetail[]) {
    super(409, code, message, details);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string, code = "forbidden") {
    super(403, code, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = "A valid API key is required: send `Authorization: Bearer <key>`.") {
    super(401, "unauthorized", message, undefined, { "WWW-Authenticate": "Bearer" });
  }
}

export class RateLimitedError extends AppError {
  constructor(retryAfterSeconds: number) {
    super(
      429,
      "rate_limited",
      "Too many requests: slow down and retry after the delay.",
      undefined,
      {
        "Retry-After": String(retryAfterSeconds),
      },
    );
  }
}

export class BadRequestError extends AppError {
  constructor(code: string, message: string, status = 400) {
    super(status, code, message);
  }
}
