/** An error smtp-server turns into a reply: the code, then the text (enhanced status code first). */
export const smtpError = (code: number, message: string) =>
  Object.assign(new Error(message), { responseCode: code });
