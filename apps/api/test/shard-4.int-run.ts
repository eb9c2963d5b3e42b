import { runShard } from './suites';

runShard(4);
