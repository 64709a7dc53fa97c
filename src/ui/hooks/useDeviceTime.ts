import { clockMs } from '../../clock';
import { useEffect, useState } from 'react';
import type { ClockStyle } from '../../domain';
import { deviceClock, deviceTimeZone } from '../format';

export interface DeviceTime {
  /** Now (ms), refreshed every minute, so day groups (today, overdue) roll over at midnight. */
  now: number;
  /** The phone's IANA time zone. */
  zone: string;
  /** 24-hour or 12-hour time, as the phone shows it. */
  clock: ClockStyle;
}

/** The driver's clock as the schedule screens read it: now, the zone and the time style. */
export function useDeviceTime(everyMs = 60_000): DeviceTime {
  const [now, setNow] = useState(() => clockMs());
  const [clock] = useState(deviceClock);
  useEffect(() => {
    const timer = setInterval(() => setNow(clockMs()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return { now, zone: deviceTimeZone(), clock };
}
