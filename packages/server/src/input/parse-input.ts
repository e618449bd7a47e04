import { inputParser } from "@anbox-dashboard/http-kit";
import { apiRefusals } from "../http/api-error.ts";

/**
 * Parses a query or body of an `/api/...` call with the contract's schema (http-kit's one parser):
 * a value that does not fit is a 400 whose sentence names each bad field, all of them at once.
 */
export const parseInput = inputParser(apiRefusals);
