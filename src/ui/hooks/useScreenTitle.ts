import { useEffect } from 'react';
import { useMatches, type UIMatch } from 'react-router';
import { t } from '../i18n';
import type { common } from '../i18n/en/common';

/** A screen's name in the catalog (`common.titles`): SPEC §2's screen names. */
export type ScreenTitle = keyof typeof common.titles;

/** What a route declares in its `handle` (App.tsx): the app bar's title while it is on screen. */
export interface ScreenHandle {
  title: ScreenTitle;
  /** A lazy screen's code (screens.ts): the Shell asks for it beside Chakra's (useScreenCodeAhead). */
  load?: () => Promise<unknown>;
}

const titleOf = (match: UIMatch): ScreenTitle | null => {
  const handle = match.handle as Partial<ScreenHandle> | undefined;
  return handle?.title ?? null;
};

/**
 * The title of the screen on show: the deepest matched route that names one (every screen's
 * route does). It is the tab's title too, so a screen reader and the phone's task switcher
 * say where the driver is; leaving the signed-in frame (to Login) puts the app's name back.
 */
export function useScreenTitle(): string {
  const key = useMatches().map(titleOf).filter(Boolean).at(-1) ?? 'home';
  const title = t(`common.titles.${key}`);
  useEffect(() => {
    document.title = `${title} · ${t('login.appName')}`;
  }, [title]);
  useEffect(
    () => () => {
      document.title = t('login.appName');
    },
    [],
  );
  return title;
}
