// Map.groupBy (Node 21+) for generators that call it on Node 20: NODE_OPTIONS="--import ./map-groupby.mjs".
if (typeof Map.groupBy !== 'function') {
  Map.groupBy = (items, key) => {
    const groups = new Map();
    let index = 0;
    for (const item of items) {
      const k = key(item, index++);
      const group = groups.get(k);
      if (group) group.push(item);
      else groups.set(k, [item]);
    }
    return groups;
  };
}
