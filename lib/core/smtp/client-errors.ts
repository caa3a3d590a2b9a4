/**
 * An SMTP client's error, shaped as nodemailer shapes its own (what classifySmtpError reads): the
 * server's reply and its code, the command it answered, and for refused recipients each one's.
 * (Not ./reply-error.ts's `smtpError`: that one is a reply our servers give.)
 */
export type SmtpError = Error & {
  code?: string;
  response?: string;
  responseCode?: number;
  command?: string;
  recipient?: string;
  rejected?: string[];
  rejectedErrors?: SmtpError[];
};

export function smtpClientError(
  message: string,
  code: string,
  response?: string,
  command?: string,
): SmtpError {
  const error: SmtpError = new Error(response ? `${message}: ${response}` : message);
  error.code = code;
  if (response) {
    error.response = response;
    const responseCode = Number(/^\d{3}/.exec(response)?.[0]);
    if (responseCode) error.responseCode = responseCode;
  }
  if (command) error.command = command;
  return error;
}
