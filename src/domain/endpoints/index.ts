export * from './answers';
export * from './table';
export { CUSTOMER_DELIVER_KEYS } from './deliver';
export type { BodyOf, GetKey, HeadersOf, ParamNames, PostKey, QueryOf } from './calls';
export { TUS_CHUNK_MEDIA, type TusUploadState } from './uploads';
