// The page's one store: its whole state in one object that only reducers change (pure functions of the state and
// an action), and views that watch the part they draw. A view is called when its part changed (a new object, as
// reducers make one only for what they change), never for the rest.
//
//   const store = createStore(reduce, initialState());
//   store.watch((s) => s.match.score, (score, s) => draw(score));
//   store.dispatch({ type: "event", method: "score", params });

/** Whether two selected values are the same: the same object, or arrays of the same items. */
function same(a, b) {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((item, i) => item === b[i]);
}

/** A store over `reduce(state, action)`, starting at `initial`. */
export function createStore(reduce, initial) {
  let state = initial;
  const watchers = [];
  const loads = new Map();   // load name -> the number of its latest start
  let notifying = false;
  let again = false;

  function notify() {
    // An action dispatched by a view while views are called is applied, and the views called once more after.
    if (notifying) { again = true; return; }
    notifying = true;
    try {
      do {
        again = false;
        for (const watcher of watchers.slice()) {
          const value = watcher.select(state);
          if (same(value, watcher.value)) continue;
          watcher.value = value;
          // One view that fails must not keep the others from drawing: its error is thrown on its own.
          try { watcher.listener(value, state); } catch (error) { setTimeout(() => { throw error; }); }
        }
      } while (again);
    } finally {
      notifying = false;
    }
  }

  return {
    /** The state as it is now. */
    getState: () => state,

    /** Applies `action` through the reducer, then calls the views whose part changed. */
    dispatch(action) {
      const next = reduce(state, action);
      if (next === state) return;
      state = next;
      notify();
    },

    /** Calls `listener(part, state)` now and whenever `select(state)` changes; returns what stops it. */
    watch(select, listener) {
      const watcher = { select, listener, value: select(state) };
      watchers.push(watcher);
      listener(watcher.value, state);
      return () => { const i = watchers.indexOf(watcher); if (i >= 0) watchers.splice(i, 1); };
    },

    /**
     * The one "latest load wins" rule: runs `fetch()` and dispatches `toAction(result)` only if no later load of
     * the same `name` started meanwhile. Resolves with the result (or undefined when a later load won).
     */
    async load(name, fetch, toAction) {
      const mine = (loads.get(name) || 0) + 1;
      loads.set(name, mine);
      const result = await fetch();
      if (loads.get(name) !== mine) return undefined;
      if (toAction) this.dispatch(toAction(result));
      return result;
    },
  };
}
