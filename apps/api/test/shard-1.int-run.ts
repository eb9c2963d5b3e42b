import { runShard } from './suites';

runShard(1);
