"""`python -m tetris_ai.ray evolve` on a simulated cluster of 3 nodes, one of which is removed
mid-generation: its tasks run again elsewhere, no generation is lost, and the reports are the
command line's."""

import pytest
import ray
from conftest import FLAGS, on_ray, reports, untimed_checkpoint
from ray.cluster_utils import Cluster
from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy


@ray.remote(num_cpus=1)
def node_of_task():
    """The node this task runs on."""
    return ray.get_runtime_context().get_node_id()


@pytest.fixture(scope="module")
def cluster():
    """A head and two worker nodes of one CPU each, this process connected to it, each worker
    node with a Ray worker started (by a task placed there), so all play from the first batch."""
    nodes = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    workers = [nodes.add_node(num_cpus=1) for _ in range(2)]
    ray.init(address=nodes.address)
    nodes.wait_for_nodes()
    on_each = [NodeAffinitySchedulingStrategy(w.node_id, soft=False) for w in workers]
    placed = [node_of_task.options(scheduling_strategy=s).remote() for s in on_each]
    assert ray.get(placed) == [w.node_id for w in workers]
    yield nodes, workers
    ray.shutdown()
    nodes.shutdown()


def test_a_node_removed_mid_generation_loses_no_generation(cli, cluster, tmp_path):
    nodes, workers = cluster
    by_id = {worker.node_id: worker for worker in workers}
    players = []  # the node of every chunk, in the order they came back
    removed = []

    def remove_a_busy_worker(index, node):
        # A worker node that has just played a chunk of the first batch, with more chunks to
        # play: Ray gives it the next one as soon as it is free.
        players.append(node)
        if not removed and node in by_id:
            nodes.remove_node(by_id[node])
            removed.append((node, len(players)))

    checkpoint = tmp_path / "ray.json"
    here = on_ray(
        *FLAGS, "--generations", "3", "--json", "--chunk-games", "1",
        "--checkpoint", str(checkpoint), on_chunk=remove_a_busy_worker,
    )
    there = cli(
        "evolve", *FLAGS, "--generations", "3", "--json", "--checkpoint", str(tmp_path / "cli.json")
    )
    assert reports(here) == reports(there)
    assert len(reports(here)) == 3
    assert untimed_checkpoint(checkpoint) == untimed_checkpoint(tmp_path / "cli.json")
    (gone, at), = removed
    # The removed node had played a chunk of the first batch (18 games, a chunk each) before its
    # last chunk came back, so the batch still had chunks to play (how many depends on how busy
    # the machine is); it plays nothing in the later generations.
    assert at < 18
    assert gone in players[:at]
    # 3 generations of 18 training and 6 validation games, one chunk each, each chunk once.
    assert len(players) == 3 * (18 + 6)
    assert gone not in players[18 + 6 :]
