import { inputParser } from "@anbox-dashboard/http-kit";
import { amsRefusals } from "../ams/envelope.ts";

/**
 * Parses a request body or query with a schema (http-kit's one parser), answering 400 with a
 * message that names each bad field ("resources.cpus: expected a whole number of at least 1").
 */
export const parseInput = inputParser(amsRefusals);
