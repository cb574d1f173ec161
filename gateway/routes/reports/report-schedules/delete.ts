// delete of /api/report-schedules/
import { collectionRoute } from '../../collection-routes.js';
import { reportSchedulesCollection } from './collection.js';

export default collectionRoute(reportSchedulesCollection, 'delete');
