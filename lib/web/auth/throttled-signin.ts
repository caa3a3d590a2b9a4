import { CredentialsSignin } from "next-auth";

/** Too many failed attempts for this account or address: the form says when to try again. */
export class ThrottledSignin extends CredentialsSignin {
  code = "throttled";
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}
