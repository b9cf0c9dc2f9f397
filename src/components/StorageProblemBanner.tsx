import { useWorkspace } from '../store/workspace';

/** Tells the user, on every view, when saved data could not be read or changes cannot be saved; dismissible. */
export function StorageProblemBanner() {
  const problem = useWorkspace((state) => state.storageProblem);
  const dismiss = useWorkspace((state) => state.dismissStorageProblem);
  if (!problem) return null;
  return (
    <div className="banner banner--problem" role="alert">
      <p>{problem.message}</p>
      <button type="button" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}
