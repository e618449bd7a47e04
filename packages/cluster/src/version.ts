/** The version this embedded cluster reports as its AMS server version. */
export const clusterVersion = "1.30.0-embedded";
