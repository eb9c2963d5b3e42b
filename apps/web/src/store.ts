import { createStore } from 'jotai';

/** The panel's one jotai store (also reachable outside React, e.g. from the API client). */
export const appStore = createStore();
