// What a client sends to an endpoint of the table, by key: the POST body and the GET query
// are the input types of the entry's schemas (src/replication/endpointCall.ts sends them; the
// outbox's call steps name their POST key).
import type * as v from 'valibot';
import type { ENDPOINTS, EndpointKey } from './table';

type Entry<K extends EndpointKey> = (typeof ENDPOINTS)[K];
export type PostKey = Extract<EndpointKey, `POST ${string}`>;
export type GetKey = Extract<EndpointKey, `GET ${string}`>;

/** What a POST sends: its entry's body schema input; a multipart entry (upload) takes the form. */
export type BodyOf<K extends PostKey> =
  Entry<K> extends { bodySchema: infer S extends v.GenericSchema } ? v.InferInput<S> : Entry<K> extends { multipartFiles: number } ? FormData : undefined;

/** What a GET's query carries: its entry's query schema input. */
export type QueryOf<K extends GetKey> = Entry<K> extends { querySchema: infer S extends v.GenericSchema } ? v.InferInput<S> : undefined;

/** The `:name` segments of a path. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The headers an entry declares (the upload folder), as sent. */
export type HeadersOf<K extends EndpointKey> = Entry<K> extends { headersSchema: infer S extends v.GenericSchema } ? v.InferInput<S> : never;
