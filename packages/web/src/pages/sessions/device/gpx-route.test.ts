import { describe, expect, it } from "vitest";
import {
  bearingDegrees,
  distanceMeters,
  positionAlong,
  readGpx,
  type Route,
  type RoutePoint,
} from "./gpx-route.ts";

function pointOf(route: Route, index: number): RoutePoint {
  const point = route.points[index];
  if (point === undefined) throw new Error(`the route has no point ${String(index)}`);
  return point;
}

const track = `<?xml version="1.0"?>
<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
  <trk><name>Along the Spree</name><trkseg>
    <trkpt lat="52.5200" lon="13.4000"><ele>30</ele></trkpt>
    <trkpt lat="52.5200" lon="13.4100"><ele>40</ele></trkpt>
    <trkpt lat="52.5300" lon="13.4100"></trkpt>
  </trkseg></trk>
</gpx>`;

describe("readGpx", () => {
  it("reads a track's points, name and length", () => {
    const route = readGpx(track, "spree.gpx");
    expect(route.name).toBe("Along the Spree");
    expect(route.points).toEqual([
      { latitude: 52.52, longitude: 13.4, altitude: 30 },
      { latitude: 52.52, longitude: 13.41, altitude: 40 },
      { latitude: 52.53, longitude: 13.41, altitude: undefined },
    ]);
    // 0.01° of longitude at 52.52° north is about 678 m; 0.01° of latitude about 1112 m.
    expect(route.meters).toBeGreaterThan(1780);
    expect(route.meters).toBeLessThan(1800);
  });

  it("refuses what is not a route, saying what is wrong", () => {
    expect(() => readGpx("not xml <", "a.gpx")).toThrow("a.gpx is not an XML file");
    expect(() => readGpx("<kml/>", "b.gpx")).toThrow("b.gpx is not a GPX file (its root is <kml>)");
    expect(() => readGpx('<gpx><wpt lat="1" lon="2"/></gpx>', "c.gpx")).toThrow(
      "fewer than two points",
    );
    expect(() =>
      readGpx('<gpx><wpt lat="1" lon="2"/><wpt lat="99" lon="2"/></gpx>', "d.gpx"),
    ).toThrow("Point 2 of d.gpx has no valid lat and lon");
  });
});

describe("positionAlong", () => {
  it("moves along each leg, heading its way, and stops at the end", () => {
    const route = readGpx(track, "spree.gpx");
    const east = distanceMeters(pointOf(route, 0), pointOf(route, 1));
    const half = positionAlong(route, east / 2);
    expect(half.latitude).toBeCloseTo(52.52, 6);
    expect(half.longitude).toBeCloseTo(13.405, 6);
    expect(half.altitude).toBeCloseTo(35, 6);
    expect(half.bearing).toBeCloseTo(90, 0);
    const north = positionAlong(route, east + 10);
    expect(north.bearing).toBeCloseTo(0, 0);
    expect(north.done).toBe(false);
    const end = positionAlong(route, route.meters + 100);
    expect(end).toMatchObject({ latitude: 52.53, longitude: 13.41, done: true });
    expect(bearingDegrees(pointOf(route, 1), pointOf(route, 0))).toBeCloseTo(270, 0);
  });
});
