import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { whenIdle } from '../clock';

/**
 * A chunk loaded at most once at a time: the same promise for React.lazy and for whoever asks
 * ahead of it; a chunk that did not arrive (a bar of signal dropping) is asked for again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

/** A lazy screen: React.lazy renders it; `load` starts its code before React asks for it. */
export interface ScreenCode {
  Component: LazyExoticComponent<ComponentType>;
  load: () => Promise<unknown>;
}

export function screenCode(load: () => Promise<{ default: ComponentType }>): ScreenCode {
  const once = loadOnce(load);
  return { Component: lazy(once), load: once };
}

/**
 * Loads `loads` one after another, each when the page is next idle: code a tap will need soon
 * is compiled and evaluated while the driver looks, one module graph per task, not on the tap.
 * A load that fails is left for the tap to ask for again.
 */
export async function loadWhenIdle(loads: readonly (() => Promise<unknown>)[]): Promise<void> {
  for (const load of loads) {
    await whenIdle(2000);
    await load().catch(() => undefined);
  }
}
