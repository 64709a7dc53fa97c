// What services log through: Fastify's request.log (pino) fits it, so services take a plain
// logger from their route instead of importing Fastify's type.
export interface Logger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}
