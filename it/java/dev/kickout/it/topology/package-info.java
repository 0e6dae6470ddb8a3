/**
 * ITs that only make sense on a Redis Cluster or Sentinel setup (they kill nodes): {@code Cluster*IT}
 * run in the failsafe execution it-cluster only, {@code Sentinel*IT} in it-sentinel only, none in
 * the single-Redis run. Each restores the topology it broke ({@code Topology.restart} +
 * {@code Topology.awaitHealthy}) in {@code @AfterAll}, so their order does not matter.
 */
package dev.kickout.it.topology;
