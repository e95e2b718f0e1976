import '../index.css';
import { hydrateIslands } from './hydrate-islands.ts';
import { showCurrentYear } from './show-current-year.ts';

// The public pages' only script: everything else on them is pre-rendered HTML.
showCurrentYear(document);
hydrateIslands(document);
