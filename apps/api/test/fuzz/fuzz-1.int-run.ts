import { runSuitesIn } from '../suites';

runSuitesIn(__dirname, { part: 1, of: 2 });
