// /v1 itself names no resource: the same JSON 404 as any unknown /v1 path
export { GET, POST, PUT, PATCH, DELETE } from "./[...path]/route";
