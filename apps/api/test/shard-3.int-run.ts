import { runShard } from './suites';

runShard(3);
