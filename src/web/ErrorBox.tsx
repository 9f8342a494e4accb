import type { ReactNode } from 'react';
import type { ApiError } from '../protocol/api.ts';

/** An API error: its sentence, and each problem with the field it is about. */
export function ErrorBox({ error }: { readonly error: ApiError }): ReactNode {
  return (
    <div className="error-box" role="alert">
      <p>{error.message}</p>
      {error.issues?.length ? (
        <ul>
          {error.issues.map((i) => (
            <li key={`${i.path}:${i.message}`}>
              {i.path ? <code>{i.path}</code> : null} {i.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
