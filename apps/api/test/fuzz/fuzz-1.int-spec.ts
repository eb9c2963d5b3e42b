import { fuzzEveryOperation } from './fuzz-suite';

// Every second operation of the OpenAPI document, starting with the first (fuzz-suite.ts).
fuzzEveryOperation(1, 2);
