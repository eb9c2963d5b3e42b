import { runShard } from './suites';

runShard(2);
