import './json';
import './timestamp';
import './bigint';
