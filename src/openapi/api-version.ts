/** The API's version, in the OpenAPI document and the MCP server's info (a module of its own: the stdio bin needs no Swagger). */
export const API_VERSION = '0.1.0';
