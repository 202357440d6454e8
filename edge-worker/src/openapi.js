export function openApiDocument(slugs) { return { openapi: "3.1.0" }; }
