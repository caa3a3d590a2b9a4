/** The source of a new HTML template: a small, email-safe layout to edit rather than a blank page. */
export const STARTER_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
  </head>
  <body style="margin:0;padding:32px 12px;background:#f4f4f5;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:12px;">
      <tr>
        <td style="padding:40px;color:#18181b;font-size:16px;line-height:26px;">
          <h1 style="margin:0 0 16px;font-size:28px;line-height:36px;">Hi {{ name | "there" }},</h1>
          <p style="margin:0 0 16px;">Write your message here. Variables like {{data.plan}} are filled in when the email is sent.</p>
          <p style="margin:24px 0 0;">
            <a href="https://example.com" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:13px 26px;border-radius:8px;">Get started</a>
          </p>
        </td>
      </tr>
    </table>
  </body>
</html>
`;
