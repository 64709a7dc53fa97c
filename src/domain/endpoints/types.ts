import type { GenericSchema } from 'valibot';

/** One endpoint's summary, request and answer schemas (valibot), as the table names them. */
export interface EndpointSchemas {
  /** One line for /openapi.json. */
  summary: string;
  bodySchema?: GenericSchema;
  querySchema?: GenericSchema;
  headersSchema?: GenericSchema;
  /** A multipart body: the file fields it takes (`file-0` …). */
  multipartFiles?: number;
  /** The 200 answer. */
  responseSchema?: GenericSchema;
  /** The 200 answer's media type when it is not application/json. */
  responseMedia?: string;
}
