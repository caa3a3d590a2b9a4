// /api/auth/* — Auth.js endpoints (session, CSRF, credential callback, sign-out)
import { handlers } from "@/lib/auth";

export const { GET, POST } = handlers;
