import './json';
import './timestamp';
import './bigint';
import './file';
