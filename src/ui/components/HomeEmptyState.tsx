import { Button } from '../plain/controls';
import { t } from '../i18n';

export interface HomeEmptyTexts {
  title: string;
  description: string;
  /** The button that shows every order again, when something narrowed the list. */
  clear: string | null;
}

/**
 * What Home says when it shows no order: the driver has none, or what they picked matches
 * none. Filters are named only when some are picked (issue 25: a search alone said "with the
 * filters you picked").
 */
export function homeEmptyTexts({
  total,
  search,
  filtersPicked,
  synced,
}: {
  total: number;
  search: string;
  filtersPicked: boolean;
  synced: boolean;
}): HomeEmptyTexts {
  if (total === 0) return { title: t('home.noOrdersTitle'), description: synced ? t('home.assignedAppearHere') : t('home.appearAfterSync'), clear: null };
  const typed = search.trim();
  if (typed && !filtersPicked) {
    return { title: t('home.noMatchSearchTitle'), description: t('home.noMatchSearchOnly', { count: total, search: typed }), clear: t('home.clearSearch') };
  }
  return {
    title: t('home.noMatchTitle'),
    description: typed ? t('home.noMatchSearch', { count: total, search: typed }) : t('home.noMatch', { count: total }),
    clear: t('home.clearFilters'),
  };
}

/** Home's empty state (h2: Home has no screen title below the app bar's h1). */
export function HomeEmptyState({ texts, onClear }: { texts: HomeEmptyTexts; onClear: () => void }) {
  return (
    <div className="message message--in-list">
      <h2 className="message__title message__title--in-list">{texts.title}</h2>
      <p className="message__line message__line--muted">{texts.description}</p>
      {texts.clear ? <Button onClick={onClear}>{texts.clear}</Button> : null}
    </div>
  );
}
