// The driver's time zone: SPEC §7's time-zone header (x-time-zone), an IANA name such as
// America/New_York. Days in filters, stats periods and email dates are that zone's days. The
// route reads the header and passes its value here.
import { IANAZone } from 'luxon';
import { TIME_ZONE_HEADER } from '../../src/domain';
import { HttpError } from '../http/errors';

/** The header's zone; UTC when it is absent; 400 when it names no zone. */
export function timeZoneFrom(header: string | string[] | undefined): string {
  if (header === undefined || header === '') return 'UTC';
  if (typeof header !== 'string' || header.length > 64 || !IANAZone.isValidZone(header)) {
    throw new HttpError(400, 'InvalidRequest', `The ${TIME_ZONE_HEADER} header must name an IANA time zone`);
  }
  return header;
}
