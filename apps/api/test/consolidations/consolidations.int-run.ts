import { runSuitesIn } from '../suites';

runSuitesIn(__dirname);
