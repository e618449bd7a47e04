import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AmsInstance } from "@anbox-dashboard/contract";
import type { InstancesTable } from "../src/store/schema.ts";
import { newId } from "../src/store/ids.ts";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import { createInstance, writeAndWait } from "./helpers/instance-helpers.ts";
import { insertInstanceRow } from "./helpers/instance-rows.ts";

let cluster: TestCluster;
const ids: Record<string, string> = {};

beforeAll(async () => {
  cluster = await startTestCluster();
  // Five instances with different names, types, tags and statuses.
  ids.alpha = (await createInstance(cluster, { name: "alpha", tags: ["team=a", "gold"] })).id;
  ids.bravo = (await createInstance(cluster, { name: "bravo", tags: ["team=b"] })).id;
  ids.charlie = (
    await createInstance(cluster, { name: "charlie", type: "vm", tags: ["team=a"] })
  ).id;
  ids.delta = (await createInstance(cluster, { name: "delta", no_start: true, tags: ["gold"] })).id;
  ids.echo = (await createInstance(cluster, { name: "echo" })).id;
  await writeAndWait(cluster, "PATCH", `/1.0/instances/${ids.echo}`, { desired_status: "stopped" });
});

afterAll(async () => {
  await cluster.destroy();
});

async function names(query: string): Promise<{ names: string[]; total: number | undefined }> {
  const response = await cluster.request<AmsInstance[]>(
    "GET",
    `/1.0/instances?recursion=1&${query}`,
  );
  expect(response.status, response.text).toBe(200);
  return {
    names: response.body.metadata.map((item) => item.name),
    total: response.body.total_size,
  };
}

describe("listing instances", () => {
  it("answers URLs without recursion and objects with it, with total_size", async () => {
    const plain = await cluster.request<string[]>("GET", "/1.0/instances");
    expect(plain.body.metadata).toHaveLength(5);
    expect(plain.body.metadata).toContain(`/1.0/instances/${ids.alpha}`);
    expect(plain.body.total_size).toBe(5);
    const full = await names("");
    expect(full.names).toEqual(["alpha", "bravo", "charlie", "delta", "echo"]);
  });

  it("filters by name, type, status lists, node, image and base", async () => {
    expect((await names("name=bravo")).names).toEqual(["bravo"]);
    expect((await names("type=vm")).names).toEqual(["charlie"]);
    expect((await names("status=stopped")).names).toEqual(["delta", "echo"]);
    expect((await names("status=running,stopped")).total).toBe(5);
    expect((await names("status=running&status=error")).names).toEqual([
      "alpha",
      "bravo",
      "charlie",
    ]);
    expect((await names("node=lxd0")).names).toEqual(["alpha", "bravo", "charlie", "echo"]);
    expect((await names("base=false")).total).toBe(5);
    expect((await names("base=true")).total).toBe(0);
    expect((await names(`id=${ids.delta}`)).names).toEqual(["delta"]);
    const vm = await cluster.request<AmsInstance>("GET", `/1.0/instances/${ids.charlie}`);
    expect((await names(`image_id=${vm.body.metadata.image_id}`)).names).toEqual(["charlie"]);
    expect((await names("image_version=0")).total).toBe(5);
    expect((await names("image_version=2147483647")).total).toBe(0);
    expect((await names("app_name=none")).total).toBe(0);
  });

  it("filters by tags: every given tag must be there", async () => {
    expect((await names("tags=gold")).names).toEqual(["alpha", "delta"]);
    expect((await names("tags=gold,team=a")).names).toEqual(["alpha"]);
    expect((await names("tags=team=a")).names).toEqual(["alpha", "charlie"]);
    expect((await names("tags=nobody")).names).toEqual([]);
  });

  it("filters by image name, exactly", async () => {
    const all = await cluster.request<AmsInstance[]>("GET", "/1.0/instances?recursion=1");
    const byImage = new Map<string, string[]>();
    for (const instance of all.body.metadata) {
      byImage.set(instance.image_name, [
        ...(byImage.get(instance.image_name) ?? []),
        instance.name,
      ]);
    }
    expect(byImage.size).toBeGreaterThan(0);
    for (const [imageName, expected] of byImage) {
      expect(imageName).not.toBe("");
      const listed = await names(`image_name=${encodeURIComponent(imageName)}`);
      expect(listed).toEqual({ names: expected, total: expected.length });
    }
    expect((await names("image_name=jammy")).total).toBe(0);
    expect((await names("image_name=none")).total).toBe(0);
  });

  it("searches a part of the name, whatever its case", async () => {
    expect((await names("search=alp")).names).toEqual(["alpha"]);
    expect((await names("search=HARL")).names).toEqual(["charlie"]);
    expect((await names("search=A")).names).toEqual(["alpha", "bravo", "charlie", "delta"]);
    expect(await names("search=a&status=stopped&order_by=name&order=desc")).toEqual({
      names: ["delta"],
      total: 1,
    });
    expect((await names("search=")).total).toBe(5);
    expect((await names("search=zulu")).total).toBe(0);
  });

  it("searches % and _ as themselves, not as patterns", async () => {
    // Names the API refuses, written straight into the database: the filter must still be literal.
    const added = [
      await insertInstanceRow(cluster, { name: "Under_Score" }),
      await insertInstanceRow(cluster, { name: "underXscore" }),
      await insertInstanceRow(cluster, { name: "fifty%off" }),
      await insertInstanceRow(cluster, { name: "fiftyoff" }),
      await insertInstanceRow(cluster, { name: "back\\slash" }),
    ];
    try {
      expect((await names("search=r_s")).names).toEqual(["Under_Score"]);
      expect((await names("search=UNDER")).names.sort()).toEqual(["Under_Score", "underXscore"]);
      expect((await names("search=y%25o")).names).toEqual(["fifty%off"]);
      expect((await names("search=%25")).names).toEqual(["fifty%off"]);
      expect((await names("search=_")).names).toEqual(["Under_Score"]);
      expect((await names("search=k%5Cs")).names).toEqual(["back\\slash"]);
    } finally {
      await cluster.running.context.db.deleteFrom("instances").where("id", "in", added).execute();
    }
  });

  it("sorts by the order_by extension, both ways", async () => {
    expect((await names("order_by=name&order=desc")).names).toEqual([
      "echo",
      "delta",
      "charlie",
      "bravo",
      "alpha",
    ]);
    const byStatus = (await names("order_by=status")).names;
    expect(byStatus.slice(0, 3).sort()).toEqual(["alpha", "bravo", "charlie"]);
    expect((await names("order_by=type&order=desc")).names[0]).toBe("charlie");
  });

  it("pages with limit and offset while total_size counts every match", async () => {
    const first = await names("order_by=name&limit=2");
    const second = await names("order_by=name&limit=2&offset=2");
    const third = await names("order_by=name&limit=2&offset=4");
    expect(first).toEqual({ names: ["alpha", "bravo"], total: 5 });
    expect(second).toEqual({ names: ["charlie", "delta"], total: 5 });
    expect(third).toEqual({ names: ["echo"], total: 5 });
    expect(await names("order_by=name&offset=3")).toEqual({ names: ["delta", "echo"], total: 5 });
  });

  it("refuses bad filters with 400 naming them", async () => {
    for (const [query, fragment] of [
      ["status=sleeping", "status"],
      ["type=phone", "type"],
      ["order_by=colour", "order_by"],
      ["order=sideways", "order"],
      ["limit=0", "limit"],
      ["offset=-1", "offset"],
      ["app_version=x", "app_version"],
      // Past a 32-bit integer: PostgreSQL failed the query (a 500) where SQLite answered.
      ["image_version=2147483648", "image_version: must be at most 2147483647"],
      ["app_version=99999999999999999999999999", "app_version: must be at most 2147483647"],
      ["search=a&search=b", "search"],
      [`search=${"x".repeat(256)}`, "search"],
    ]) {
      const response = await cluster.request("GET", `/1.0/instances?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error).toContain(fragment);
    }
  });
});

describe("listing at scale", () => {
  it("pages, filters and sorts 10,000 instances quickly", async () => {
    const { db } = cluster.running.context;
    const template = await db
      .selectFrom("instances")
      .selectAll()
      .where("id", "=", ids.alpha ?? "")
      .executeTakeFirstOrThrow();
    const statuses = ["running", "stopped", "error", "running"];
    for (let batch = 0; batch < 20; batch++) {
      const rows: InstancesTable[] = [];
      for (let index = 0; index < 500; index++) {
        const number = batch * 500 + index;
        rows.push({
          ...template,
          id: newId(),
          name: `bulk-${String(number).padStart(5, "0")}`,
          status: statuses[number % statuses.length] ?? "running",
          tags: "[]",
          created_at: template.created_at + number,
        });
      }
      await db.insertInto("instances").values(rows).execute();
      await db
        .insertInto("instance_tags")
        .values(
          rows
            .filter((_, index) => index % 10 === 0)
            .map((row) => ({ instance_id: row.id, tag: "tenth" })),
        )
        .execute();
    }
    const started = performance.now();
    const page = await cluster.request<AmsInstance[]>(
      "GET",
      "/1.0/instances?recursion=1&status=running&order_by=name&order=desc&limit=50&offset=100",
    );
    const tagged = await cluster.request<string[]>("GET", "/1.0/instances?tags=tenth&limit=30");
    const elapsed = performance.now() - started;
    expect(page.body.metadata).toHaveLength(50);
    expect(page.body.total_size).toBe(5000 + 3); // alpha, bravo and charlie run too
    expect(page.body.metadata[0]?.name).toBe("bulk-09800");
    expect(tagged.body.total_size).toBe(1000);
    expect(tagged.body.metadata).toHaveLength(30);
    // Generous: a list that loaded every row into memory and sorted it there would still pass on a
    // fast machine, but a missing index or N+1 queries would not.
    expect(elapsed).toBeLessThan(1500);

    const searched = await cluster.request<AmsInstance[]>(
      "GET",
      "/1.0/instances?recursion=1&search=BULK-098&order_by=name&limit=30",
    );
    expect(searched.body.total_size).toBe(100);
    expect(searched.body.metadata.map((item) => item.name).slice(0, 2)).toEqual([
      "bulk-09800",
      "bulk-09801",
    ]);
  });
});
