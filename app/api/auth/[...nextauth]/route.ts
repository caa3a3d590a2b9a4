// /api/auth/* — Auth.js endpoints (session, CSRF, credential callback, sign-out)
import { handlers } from "@/lib/web/auth";

export const { GET, POST } = handlers;
