import { useEffect, useState } from 'react';
import { getSyncClient } from '../../workers/client';
import type { LoginState } from '../../workers/protocol';
import * as Comlink from 'comlink';

/**
 * The login screen's data from the sync worker's database: a fresh /login (src/ui/main.tsx)
 * opens no database on the page, because RxDB's code and opening it were most of a slow
 * phone's main-thread time before the form could be used. Undefined until the worker answers.
 */
export function useWorkerLoginState(): LoginState | undefined {
  const [state, setState] = useState<LoginState>();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let gone = false;
    void getSyncClient()
      .watchLoginState(Comlink.proxy((next: LoginState) => setState(next)))
      .then((unsubscribe) => {
        stop = () => void unsubscribe();
        if (gone) stop();
      })
      .catch((error: unknown) => console.warn('login state from the sync worker failed', error));
    return () => {
      gone = true;
      stop?.();
    };
  }, []);
  return state;
}
