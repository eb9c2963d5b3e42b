import { fuzzEveryOperation } from './fuzz-suite';

// Every second operation of the OpenAPI document, starting with the second (fuzz-suite.ts).
fuzzEveryOperation(2, 2);
