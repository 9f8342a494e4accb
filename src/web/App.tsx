import type { ReactNode } from 'react';
import { GamePage } from './any-table/GamePage.tsx';
import { BattlesPage } from './battles/BattlesPage.tsx';
import { EditorPage } from './editor/EditorPage.tsx';
import { HomePage } from './home/HomePage.tsx';
import { RefereePage } from './referee/RefereePage.tsx';
import { ReportPage } from './report/ReportPage.tsx';
import { type Route, routeHref, useRoute } from './router.ts';

/** The shell: a header with the pages, and the current page (a battle at the table is under Battles). */
export function App(): ReactNode {
  const route = useRoute();
  return (
    <>
      <header className="app-header">
        <a className="brand" href={routeHref({ page: 'home' })}>
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
            aria-current={
              route.page === 'battles' || route.page === 'play' || route.page === 'report'
                ? 'page'
                : undefined
            }
          >
            Battles
          </a>
          <a href={routeHref({ page: 'editor' })} aria-current={route.page === 'editor' ? 'page' : undefined}>
            Make a battle
          </a>
        </nav>
      </header>
      <main className={route.page === 'play' ? 'wide' : undefined}>
        <Page route={route} />
      </main>
    </>
  );
}

function Page({ route }: { readonly route: Route }): ReactNode {
  switch (route.page) {
    case 'battles':
      return <BattlesPage />;
    case 'play':
      // An invitation opened over the same game's page opens it again, to keep the invitation's keys.
      return <GamePage key={`${route.game}?${route.invitation ?? ''}`} gameId={route.game} />;
    case 'editor':
      return <EditorPage />;
    case 'report':
      return <ReportPage gameId={route.game} />;
    case 'referee':
      return <RefereePage procedure={route.procedure} />;
    case 'home':
      return <HomePage />;
  }
}
