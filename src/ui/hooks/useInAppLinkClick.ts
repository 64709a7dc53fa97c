import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * In-app navigation for plain `<a href>` elements of long lists: what react-router's `Link`
 * does on a plain left click (other clicks open the link as the browser would). One handler
 * for the whole list instead of a `Link` per row: each `Link` resolves its path and subscribes
 * to the router on every render, and a search keystroke re-renders every row on screen.
 */
export function useInAppLinkClick(): (event: MouseEvent<HTMLAnchorElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const href = event.currentTarget.getAttribute('href');
      if (!href) return;
      event.preventDefault();
      void navigate(href);
    },
    [navigate],
  );
}
