/** One point of a route: where, and how high if the file says. */
export interface RoutePoint {
  latitude: number;
  longitude: number;
  altitude: number | undefined;
}

/** A route read from a GPX file: its points, and its length in meters. */
export interface Route {
  name: string;
  points: RoutePoint[];
  meters: number;
}

/** The largest GPX file read (a day's track at one point a second is a few megabytes). */
export const maxGpxBytes = 10 * 1024 * 1024;
/** The most points a route may have. */
const maxPoints = 200_000;
const earthRadiusMeters = 6_371_008.8;

/**
 * The route of a GPX file: its track points (`trkpt`), else its route points (`rtept`), else its
 * waypoints (`wpt`), in order. Anything else is refused with what is wrong: not XML, not GPX,
 * fewer than two points, a point without a valid position, too many points.
 */
export function readGpx(text: string, fileName: string): Route {
  const document = new DOMParser().parseFromString(text, "application/xml");
  if (document.getElementsByTagName("parsererror").length > 0) {
    throw new Error(`${fileName} is not an XML file`);
  }
  if (document.documentElement.localName !== "gpx") {
    throw new Error(
      `${fileName} is not a GPX file (its root is <${document.documentElement.localName}>)`,
    );
  }
  const elements =
    ["trkpt", "rtept", "wpt"]
      .map((name) => Array.from(document.getElementsByTagNameNS("*", name)))
      .find((found) => found.length > 0) ?? [];
  if (elements.length > maxPoints) {
    throw new Error(
      `${fileName} has ${String(elements.length)} points; at most ${String(maxPoints)} are played`,
    );
  }
  const points = elements.map((element, index) => {
    const latitude = Number(element.getAttribute("lat"));
    const longitude = Number(element.getAttribute("lon"));
    const valid =
      element.getAttribute("lat") !== null &&
      element.getAttribute("lon") !== null &&
      Math.abs(latitude) <= 90 &&
      Math.abs(longitude) <= 180;
    if (!valid)
      throw new Error(`Point ${String(index + 1)} of ${fileName} has no valid lat and lon`);
    const elevation = element.getElementsByTagNameNS("*", "ele")[0]?.textContent;
    const altitude =
      elevation === undefined || elevation.trim() === "" ? undefined : Number(elevation);
    return {
      latitude,
      longitude,
      altitude: altitude === undefined || Number.isNaN(altitude) ? undefined : altitude,
    };
  });
  if (points.length < 2) throw new Error(`${fileName} has fewer than two points: nothing to play`);
  const title = document.getElementsByTagNameNS("*", "name")[0]?.textContent.trim();
  const name = title === undefined || title === "" ? fileName : title;
  return { name, points, meters: routeLength(points) };
}

/** The great-circle distance between two points, in meters (haversine). */
export function distanceMeters(from: RoutePoint, to: RoutePoint): number {
  const radians = Math.PI / 180;
  const dLatitude = (to.latitude - from.latitude) * radians;
  const dLongitude = (to.longitude - from.longitude) * radians;
  const a =
    Math.sin(dLatitude / 2) ** 2 +
    Math.cos(from.latitude * radians) *
      Math.cos(to.latitude * radians) *
      Math.sin(dLongitude / 2) ** 2;
  return 2 * earthRadiusMeters * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The initial bearing from one point to the next, in degrees clockwise from north (0–360). */
export function bearingDegrees(from: RoutePoint, to: RoutePoint): number {
  const radians = Math.PI / 180;
  const y = Math.sin((to.longitude - from.longitude) * radians) * Math.cos(to.latitude * radians);
  const x =
    Math.cos(from.latitude * radians) * Math.sin(to.latitude * radians) -
    Math.sin(from.latitude * radians) *
      Math.cos(to.latitude * radians) *
      Math.cos((to.longitude - from.longitude) * radians);
  return (((Math.atan2(y, x) / radians) % 360) + 360) % 360;
}

function routeLength(points: readonly RoutePoint[]): number {
  let meters = 0;
  for (let index = 1; index < points.length; index++) {
    const from = points[index - 1];
    const to = points[index];
    if (from && to) meters += distanceMeters(from, to);
  }
  return meters;
}

/** Where a traveller is `meters` along the route, heading where; the end once past it. */
export function positionAlong(
  route: Route,
  meters: number,
): RoutePoint & { bearing: number; done: boolean } {
  let left = Math.max(0, meters);
  for (let index = 1; index < route.points.length; index++) {
    const from = route.points[index - 1];
    const to = route.points[index];
    if (!from || !to) break;
    const leg = distanceMeters(from, to);
    if (left <= leg || index === route.points.length - 1) {
      const share = leg === 0 ? 1 : Math.min(left / leg, 1);
      const altitude =
        from.altitude === undefined || to.altitude === undefined
          ? (to.altitude ?? from.altitude)
          : from.altitude + (to.altitude - from.altitude) * share;
      return {
        latitude: from.latitude + (to.latitude - from.latitude) * share,
        longitude: from.longitude + (to.longitude - from.longitude) * share,
        altitude,
        bearing: bearingDegrees(from, to),
        done: meters >= route.meters,
      };
    }
    left -= leg;
  }
  const last = route.points.at(-1) ?? { latitude: 0, longitude: 0, altitude: undefined };
  return { ...last, bearing: 0, done: true };
}
