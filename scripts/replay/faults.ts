// The scenario's doings other than the driver's actions: the network (offline windows, a link
// that accepts and never answers, error bursts, answers lost after the commit), the worker
// killed and restarted, the token running out, the driver signing in again or tapping Sync now,
// and the office changing an order meanwhile.
import { jwtKeys } from '../../server/auth/jwt';
import { writeToken } from '../../src/db';
import type { ScenarioStep } from '../../src/outbox/scenario/schema';
import type { Phone } from './phone';
import { officeAction, type World } from './world';

type WorldStep = Exclude<ScenarioStep, { do: 'action' }>;

export interface FaultContext {
  world: World;
  phone: Phone;
  /** Scenario time (ms) at which something must be undone (an offline window's end). */
  later(atMs: number, undo: () => Promise<void>): void;
  /** The browser was told offline (an `offline` step with browserKnows): its `online` comes back with the link. */
  browserOffline: boolean;
}

export async function applyStep(ctx: FaultContext, step: WorldStep, atMs: number, forMs: number | null): Promise<void> {
  const { phone } = ctx;
  const net = () => phone.device.net;
  switch (step.do) {
    case 'offline':
      net().offline = true;
      if (step.browserKnows) {
        ctx.browserOffline = true;
        await phone.device.engine.setOnline(false);
      }
      if (forMs !== null) ctx.later(atMs + forMs, () => goOnline(ctx));
      return;
    case 'hang':
      net().hanging = true;
      if (forMs !== null) ctx.later(atMs + forMs, () => goOnline(ctx));
      return;
    case 'online':
      return goOnline(ctx);
    case 'fail':
      net().inject(new RegExp(step.match), { kind: 'status', status: step.status }, step.times ?? 1, step.skip ?? 0);
      return;
    case 'lose-answer':
      net().inject(new RegExp(step.match), { kind: 'lose-response' }, step.times ?? 1);
      return;
    case 'kill':
      if (step.during) return phone.armKill(new RegExp(step.during));
      return phone.restart();
    case 'token-expires':
      return expireToken(ctx);
    case 'sign-in': {
      const login = await phone.device.engine.login(ctx.world.driver.email, ctx.world.driver.password);
      if (!login.ok) throw new Error(`sign-in: ${login.message}`);
      return;
    }
    case 'sync':
      await phone.device.engine.syncNow('driver');
      return;
    case 'office':
      return officeAction(ctx.world, step.action, step.order.kind, ctx.world.orderId(step.order), step.to);
  }
}

/** The link works again; only a browser that said offline says online (else the engine finds out by itself). */
async function goOnline(ctx: FaultContext): Promise<void> {
  const net = ctx.phone.device.net;
  net.offline = false;
  net.hanging = false;
  if (!ctx.browserOffline) return;
  ctx.browserOffline = false;
  await ctx.phone.device.engine.setOnline(true);
}

/**
 * The stored token is replaced by the same claims expiring 10 minutes from the phone's clock:
 * inside SPEC §4's 15-minute margin, so the phone's next run signs the driver out (reason
 * expired); unsent work stays for the next sign-in.
 */
async function expireToken(ctx: FaultContext): Promise<void> {
  const { device } = ctx.phone;
  const { claims } = await ctx.phone.session();
  const { exp: _exp, iat: _iat, jti: _jti, ...rest } = claims as typeof claims & { iat?: number; jti?: string };
  const lifetime = Math.max(1, Math.round((device.clock.t - Date.now()) / 1000) + 10 * 60);
  await writeToken(device.db, await jwtKeys(ctx.world.jwtSecret).sign(rest, lifetime));
}
