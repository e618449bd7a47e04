// POST /1.0/sessions: a session made of an application (an instance of its published version,
// streaming enabled), the refusals of a bad request, and what a session can be made of.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestCluster, type TestCluster } from "../helpers/test-cluster.ts";
import { getInstance, writeAndWait } from "../helpers/instance-helpers.ts";
import {
  createApplication,
  manifestYaml,
  minimalManifest,
} from "../helpers/application-packages.ts";
import { gatewayRequest, waitForSessionStatus } from "./gateway-helpers.ts";

let cluster: TestCluster;

beforeAll(async () => {
  cluster = await startTestCluster();
});

afterAll(async () => {
  await cluster.destroy();
});

describe("POST /1.0/sessions", () => {
  it("creates an instance of the application with streaming enabled and answers 201", async () => {
    await createApplication(cluster, {
      "manifest.yaml": manifestYaml(minimalManifest("streamed-game")),
    });
    const response = await gatewayRequest<{
      id: string;
      status: string;
      region: string;
      joinable: boolean;
      url: string;
      stun_servers: unknown[];
    }>(cluster, "POST", "/1.0/sessions/", {
      body: {
        app: "streamed-game",
        screen: { width: 1080, height: 1920, fps: 30, density: 320 },
        extra_data: { user: 7 },
        joinable: true,
      },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ type: "sync", status: "success", status_code: 201 });
    const created = response.body.metadata;
    expect(created).toMatchObject({
      status: "created",
      region: "embedded",
      joinable: true,
      stun_servers: [],
    });
    expect(created.url).toMatch(
      new RegExp(`^/1\\.0/session/${created.id}/sockets/master\\?token=`),
    );

    const session = await waitForSessionStatus(cluster, created.id, "active");
    expect(session.app).toBe("streamed-game");
    const instance = await getInstance(cluster, session.container_id);
    expect(instance.tags).toEqual([`session=${created.id}`]);
    expect(instance.app_name).toBe("streamed-game");
    expect(instance.config.enable_streaming).toBe(true);
    expect(instance.config.display).toEqual({ width: 1080, height: 1920, fps: 30, density: 320 });
    expect(session.screen).toEqual({ width: 1080, height: 1920, fps: 30, density: 320 });
  });

  it("answers 404 for an unknown application and 400 for one without a published version", async () => {
    const unknown = await gatewayRequest(cluster, "POST", "/1.0/sessions", {
      body: { app: "nope" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Application "nope" not found');

    const { application } = await createApplication(cluster, {
      "manifest.yaml": manifestYaml(minimalManifest("unlisted")),
    });
    await writeAndWait(cluster, "PATCH", `/1.0/applications/${application.id}/0`, {
      published: false,
    });
    const draft = await gatewayRequest(cluster, "POST", "/1.0/sessions", {
      body: { app: "unlisted" },
    });
    expect(draft.status).toBe(400);
    expect(draft.body.error).toBe("application unlisted has no published version");
  });

  it("refuses bad requests with 400 naming the problem", async () => {
    const cases: [unknown, string][] = [
      [{}, "Invalid session: app: must name an application"],
      [
        { app: "streamed-game", region: "mars" },
        'Unknown region "mars": this gateway has one region, "embedded"',
      ],
      [
        { app: "streamed-game", screen: { width: 5000, height: 100 } },
        "Invalid session: screen.width: width must be at most 3840",
      ],
      [
        { app: "streamed-game", idle_time_min: -1 },
        "Invalid session: idle_time_min must be at least 0",
      ],
    ];
    for (const [body, message] of cases) {
      const response = await gatewayRequest(cluster, "POST", "/1.0/sessions", { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe(message);
    }
  });

  it("lists the applications a session can be made of, and the region", async () => {
    const apps = await gatewayRequest<{ name: string }[]>(cluster, "GET", "/1.0/applications");
    expect(apps.body.metadata).toEqual([{ name: "streamed-game" }]);
    const regions = await gatewayRequest(cluster, "GET", "/1.0/regions");
    expect(regions.body.metadata).toEqual([{ name: "embedded" }]);
  });
});
