import { runSuitesIn } from '../suites';

runSuitesIn(__dirname, { part: 2, of: 2 });
