// What the profile area's routes read off the request for their services.
import type { FastifyRequest } from 'fastify';
import { TIME_ZONE_HEADER } from '../../../src/domain';
import { timeZoneFrom } from '../../services/timeZone';

/** The x-time-zone header's zone (UTC when absent; 400 when it names no zone). */
export const zoneOf = (request: FastifyRequest): string => timeZoneFrom(request.headers[TIME_ZONE_HEADER]);
