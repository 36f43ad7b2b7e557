// Toasts: results and errors of actions; an action button when there is somewhere to go (the
// .md file of a doc block, say). Errors are announced assertively.
import { app, dismissToast } from '../state/app';

export function Toasts() {
  const toasts = app.use((s) => s.toasts);
  return (
    <div className="toasts" role="region" aria-label="Notifications">
      {toasts.map((t) => (
        <div key={t.id} className={`toast ${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span className="toast-text">{t.message}</span>
          <button type="button" className="dismiss" aria-label={`Dismiss: ${t.message.length > 60 ? `${t.message.slice(0, 60)}…` : t.message}`} onClick={() => dismissToast(t.id)}>×</button>
          {t.action && <button type="button" className="toast-action" onClick={() => { t.action!.run(); dismissToast(t.id); }}>{t.action.label}</button>}
        </div>
      ))}
    </div>
  );
}
