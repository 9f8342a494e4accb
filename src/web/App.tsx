import type { ReactNode } from 'react';
import { BattlesPage } from './battles/BattlesPage.tsx';
import { RefereePage } from './referee/RefereePage.tsx';
import { routeHref, useRoute } from './router.ts';

/** The shell: a header with the pages (the virtual table will join them), and the current page. */
export function App(): ReactNode {
  const route = useRoute();
  return (
    <>
      <header className="app-header">
        <a className="brand" href={routeHref({ page: 'referee' })}>
          Muster
        </a>
        <nav aria-label="Pages">
          <a
            href={routeHref({ page: 'referee' })}
            aria-current={route.page === 'referee' ? 'page' : undefined}
          >
            Referee
          </a>
          <a
            href={routeHref({ page: 'battles' })}
            aria-current={route.page === 'battles' ? 'page' : undefined}
          >
            Battles
          </a>
        </nav>
      </header>
      <main>{route.page === 'battles' ? <BattlesPage /> : <RefereePage procedure={route.procedure} />}</main>
    </>
  );
}
