export * from './answers';
export * from './table';
export { CUSTOMER_DELIVER_KEYS } from './deliver';
