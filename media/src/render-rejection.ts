// The preview of a manifest the API server refuses: a banner with kubectl's error text, verbatim, and
// no timeline (nothing is created, so there is nothing to animate).
import type { RolloutView } from '../../protocol/src/index';
import { escapeHtml as esc } from './html';

/** The rejection banner: the outcome sentence, then what `kubectl apply` prints. */
export function renderRejection(view: RolloutView): string {
  const rejection = view.rejection;
  if (!rejection) return '';
  const count = rejection.errors.length;
  const summary = `${count} error${count === 1 ? '' : 's'} from the API server`;
  const heading = `<p><strong>${esc(view.outcome.message)}</strong> <span>${esc(summary)}; kubectl prints:</span></p>`;
  const kubectl = `<pre class="rejection-kubectl">${esc(rejection.kubectl)}</pre>`;
  return `<section class="rejection" role="alert" aria-label="Rejected by the API server">${heading}${kubectl}</section>`;
}
