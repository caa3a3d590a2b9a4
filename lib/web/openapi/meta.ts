import { z } from "zod";
import type { Operation } from "./operation";

export const metaOperations: Operation[] = [
  {
    id: "getOpenApiDocument",
    method: "get",
    path: "/v1/openapi.json",
    tag: "Meta",
    summary: "This document",
    description:
      "The OpenAPI 3.1 description of the API, generated from the schemas the handlers parse with. No key needed.",
    public: true,
    responses: {
      200: {
        description: "The OpenAPI document",
        schema: z.looseObject({
          openapi: z.literal("3.1.0"),
          paths: z.record(z.string(), z.unknown()),
        }),
      },
    },
  },
];
