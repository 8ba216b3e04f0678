/** One handler per event our indexer handles (indexer/src/*.ts), each only adding one to its event's counter. */
import { countEvents, countedEvents } from "../countEvents.js";

countEvents(countedEvents);
